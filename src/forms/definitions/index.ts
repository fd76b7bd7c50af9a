// The site's generic forms, each in one file with its rules.
export * from './contact';
export * from './course-information';
export * from './start-location';
export * from './vacancy-application';
