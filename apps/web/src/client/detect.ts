import type { ClientApi } from './api.js';
import { EmbeddedApi } from './embedded-api.js';
import { HttpApi } from './http-api.js';

/** Embedded data when the page carries it (report.html), else the viewer's HTTP API. */
export function createClientApi(): ClientApi {
  return EmbeddedApi.fromDocument() ?? new HttpApi();
}
