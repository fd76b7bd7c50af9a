import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::sign-up.sign-up');
