import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::loneliness-test.loneliness-test');
