import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::vacancy-application.vacancy-application');
