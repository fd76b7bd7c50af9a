import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::keep-me-posted-request.keep-me-posted-request');
