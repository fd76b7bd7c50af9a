// The loneliness test: its questions and scoring, the flow (stepped with JavaScript, one form
// without), the result with advice and nearby groups, and the result block of content pages.
// The only door other code uses; storing answers and the result mail are server/features/loneliness-test.
export { testStartRoute } from './test-start-page';
export { TestResultBlock } from './test-result-block';
