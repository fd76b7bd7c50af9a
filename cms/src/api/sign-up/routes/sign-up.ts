import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::sign-up.sign-up');
