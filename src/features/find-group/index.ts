// Find a group: the search (age and postcode), its answer, the sign-up in two steps, "keep me
// posted" when no group fits, the locations map and the region pages. The only door other code
// uses; the server side (a sign-up's group, checked against content) is server/features/find-group.
export { districtRoute } from './district-page';
export { LocationsMapBlock } from './map/locations-map';
export { lakePaths, landPaths, riverPaths, seaPath } from './map/netherlands-outline';
export { keepMePostedStepsAside } from './rules/keep-posted-variant';
export { FindGroup } from './views/find-block';
export { KeepMePostedBlock } from './views/keep-me-posted';
export { SignUp } from './views/sign-up';
