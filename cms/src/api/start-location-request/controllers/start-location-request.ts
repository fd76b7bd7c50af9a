import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::start-location-request.start-location-request');
