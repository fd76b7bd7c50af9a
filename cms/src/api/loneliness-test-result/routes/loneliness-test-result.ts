import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::loneliness-test-result.loneliness-test-result');
