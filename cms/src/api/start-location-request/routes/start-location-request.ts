import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::start-location-request.start-location-request');
