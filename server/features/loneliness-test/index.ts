// The loneliness test, server side: the post's hooks (answers kept only with consent, nearby
// groups for the result) and the result mail. The only door other server code uses.
export { lonelinessTestHooks } from './loneliness-test-hooks';
