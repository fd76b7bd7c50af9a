import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::course-information-request.course-information-request');
