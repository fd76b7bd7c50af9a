import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::loneliness-test.loneliness-test');
