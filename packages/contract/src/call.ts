import type { z } from 'zod';

/**
 * Who may make a call:
 * - `public`: anyone (still signed);
 * - `user`: a signed-in user or guest whose `user-id` header matches the token (accounts issue);
 * - `operator`: `authorization: Bearer <OPERATOR_TOKEN>`.
 */
export type CallAccess = 'public' | 'user' | 'operator';

export interface CallDefinition<Body extends z.ZodType = z.ZodType, Data extends z.ZodType = z.ZodType> {
  /** The path the call is mounted at and signed with. */
  path: string;
  summary: string;
  tag: string;
  access: CallAccess;
  body: Body;
  data: Data;
}

export function defineCall<Body extends z.ZodType, Data extends z.ZodType>(
  definition: CallDefinition<Body, Data>,
): CallDefinition<Body, Data> {
  if (!definition.path.startsWith('/')) throw new Error(`call path must start with '/': ${definition.path}`);
  return definition;
}

/** The body and data types of a call, from its definition or its schema-free handle. */
export type CallBody<C> = C extends CallDefinition<infer B, z.ZodType> ? z.input<B> : C extends CallHandle<infer B, z.ZodType> ? z.input<B> : never;
export type CallData<C> = C extends CallDefinition<z.ZodType, infer D> ? z.output<D> : C extends CallHandle<z.ZodType, infer D> ? z.output<D> : never;

/**
 * A call as browser code knows it: the path, and the body and data types of its definition, but
 * no schema — importing one does not bring zod into a browser bundle (decision 011). The handles
 * the web app uses are in `client/call-handles.ts`, under the names of their definitions.
 */
export interface CallHandle<Body extends z.ZodType = z.ZodType, Data extends z.ZodType = z.ZodType> {
  path: string;
  /** Carries the types only; never set. */
  readonly schemas?: { body: Body; data: Data };
}

export function callHandle<C extends CallDefinition>(path: string): CallHandle<C['body'], C['data']> {
  return { path };
}
