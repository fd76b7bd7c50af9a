import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::course-information-request.course-information-request');
