import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::loneliness-test.loneliness-test');
