import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::keep-me-posted-request.keep-me-posted-request');
