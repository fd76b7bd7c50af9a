// Find a group, server side: a sign-up's group and age range, looked up in content. The only
// door other server code uses.
export { signUpGroups } from './sign-up-group';
