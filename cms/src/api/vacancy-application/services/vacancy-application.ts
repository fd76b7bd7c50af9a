import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::vacancy-application.vacancy-application');
