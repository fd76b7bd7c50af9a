import path from 'path';
import type { Core } from '@strapi/strapi';

/**
 * PostgreSQL when DATABASE_URL is set (postgres://user:pass@host:5432/db, DATABASE_SSL=true for
 * TLS); otherwise SQLite in DATABASE_FILENAME (default .tmp/data.db, relative to cms/).
 */
const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Database => {
  const url = env('DATABASE_URL');
  if (url) {
    return {
      connection: {
        client: 'postgres',
        // `schema` is Strapi's own key (not knex's), hence the cast.
        connection: {
          connectionString: url,
          ssl: env.bool('DATABASE_SSL', false) ? { rejectUnauthorized: env.bool('DATABASE_SSL_REJECT_UNAUTHORIZED', true) } : false,
          schema: env('DATABASE_SCHEMA', 'public'),
        } as never,
        pool: { min: env.int('DATABASE_POOL_MIN', 2), max: env.int('DATABASE_POOL_MAX', 10) },
      },
    };
  }
  // Compiled config runs from dist/config, source config from config/: both resolve against cms/.
  const appRoot = path.basename(path.resolve(__dirname, '..')) === 'dist' ? path.resolve(__dirname, '..', '..') : path.resolve(__dirname, '..');
  return {
    connection: {
      client: 'sqlite',
      connection: { filename: path.resolve(appRoot, env('DATABASE_FILENAME', '.tmp/data.db')) },
      useNullAsDefault: true,
    },
  };
};

export default config;
