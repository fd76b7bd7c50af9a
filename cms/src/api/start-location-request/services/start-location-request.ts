import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::start-location-request.start-location-request');
