import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::sign-up.sign-up');
