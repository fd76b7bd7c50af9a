import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::course-information-request.course-information-request');
