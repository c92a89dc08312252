/** The load test's floor: bare fastify 5, no plugins, no logger, one route returning a constant. */
import Fastify from 'fastify';
import { serveConstant } from './constantRoute';

serveConstant(Fastify({ logger: false }));
