import type { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * Schemas whose /api/docs description differs from what validates: a list's querystring (a record
 * with a transform) and a multipart body (read by the route itself, so nothing validates it up
 * front). The transform below shows the description in their place.
 */
const documented = new WeakMap<object, z.ZodType>();

/** `schema` validates; `docs` is what /api/docs shows for it. */
export function documentedAs<T extends z.ZodType>(schema: T, docs: z.ZodType): T {
  documented.set(schema, docs);
  return schema;
}

/** Wraps the swagger transform so routes document their real parameters and bodies. */
export function documentSchemas(transform: typeof jsonSchemaTransform): typeof jsonSchemaTransform {
  return (input) => {
    const schema = input.schema;
    if (!schema) return transform(input);
    const docsOf = (value: unknown) => (value && typeof value === 'object' ? documented.get(value) : undefined);
    const querystring = docsOf(schema.querystring);
    const body = docsOf(schema.body);
    if (!querystring && !body) return transform(input);
    return transform({
      ...input,
      schema: { ...schema, ...(querystring && { querystring }), ...(body && { body }) },
    });
  };
}
