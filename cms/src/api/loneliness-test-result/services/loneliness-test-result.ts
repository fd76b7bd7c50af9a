import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::loneliness-test-result.loneliness-test-result');
