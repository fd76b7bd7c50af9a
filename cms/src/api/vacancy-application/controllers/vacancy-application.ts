import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::vacancy-application.vacancy-application');
