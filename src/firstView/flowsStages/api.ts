// A stage of the flows' download (pageStore.ts): the API's definitions and the answers' schemas.
export { api } from '../../api/baseApi';
export { ENDPOINT_SCHEMAS } from '../../api/endpointSchemas';
