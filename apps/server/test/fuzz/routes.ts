/**
 * The routes the fuzz calls, read from the server's own OpenAPI document (`app.swagger()`): every route
 * that declares a zod schema is there with its body, query, path and header schemas as JSON Schema.
 */

/** The part of JSON Schema the zod transform writes for our schemas. */
export type JsonSchema = {
  type?: string | string[];
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
};

export type Param = { name: string; required: boolean; schema: JsonSchema };

export type Route = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The OpenAPI path, parameters as {name}. */
  path: string;
  pathParams: Param[];
  query: Param[];
  headers: Param[];
  /** The JSON body schema, when the route takes one. */
  body?: JsonSchema;
  /** The route reads multipart/form-data itself (uploads): its body is not in the schema. */
  multipart: boolean;
  public: boolean;
  tags: string[];
};

type Operation = {
  summary?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};

export function routesOf(doc: { paths?: Record<string, Record<string, Operation>> }): Route[] {
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(operations)) {
      const params = (where: string) =>
        (op.parameters ?? [])
          .filter((p) => p.in === where)
          .map((p) => ({ name: p.name, required: p.required ?? false, schema: p.schema }));
      const content = op.requestBody?.content ?? {};
      routes.push({
        method: method.toUpperCase() as Route['method'],
        path,
        pathParams: params('path'),
        query: params('query'),
        headers: params('header'),
        body: content['application/json']?.schema,
        multipart: 'multipart/form-data' in content || (op.summary ?? '').includes('multipart/form-data'),
        public: Array.isArray(op.security) && op.security.length === 0,
        tags: op.tags ?? [],
      });
    }
  }
  return routes;
}

/** Fills a route's {params} with already-encoded path segments. */
export const urlOf = (route: Route, params: Record<string, string>, query: string) =>
  route.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '') + (query ? `?${query}` : '');
