import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::keep-me-posted-request.keep-me-posted-request');
