import { createElement, lazy, type ComponentType } from 'react';

/** Screen-group load timeout (spec section 9). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const CSS_CHUNK_LOAD_FAILED = 'CSS_CHUNK_LOAD_FAILED';

/** A screen group (JavaScript or style chunk) could not be loaded: the app offers a reload. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(
    message: string,
    readonly code?: typeof CSS_CHUNK_LOAD_FAILED,
  ) {
    super(message);
  }
}

const JS_CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Loading chunk [\w-]+ failed/i;
const CSS_CHUNK_FAILURE = /Unable to preload CSS|Loading CSS chunk/i;

/** Vite and the browsers word a failed chunk differently; this gives them one name (and the CSS code). */
export function toChunkLoadError(error: unknown): unknown {
  if (error instanceof ChunkLoadError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  if (code === CSS_CHUNK_LOAD_FAILED || CSS_CHUNK_FAILURE.test(message)) {
    return new ChunkLoadError(message, CSS_CHUNK_LOAD_FAILED);
  }
  if ((error as { name?: unknown } | null)?.name === 'ChunkLoadError' || JS_CHUNK_FAILURE.test(message)) {
    return new ChunkLoadError(message);
  }
  return error;
}

export function isChunkLoadError(error: unknown): boolean {
  return toChunkLoadError(error) instanceof ChunkLoadError;
}

export function withTimeout<T>(promise: Promise<T>, ms: number, what = 'chunk'): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`Loading ${what} timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export type Loader<P = object> = () => Promise<{ default: ComponentType<P> }>;
export type LazyPage<P = object> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * A lazily loaded screen group with the load timeout; `preload()` starts fetching before it renders. Once
 * its code is there it renders at once, without suspending (so a preloaded first screen paints without a
 * detour through the loading fallback).
 */
export function lazyPage<P = object>(load: Loader<P>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): LazyPage<P> {
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  let loaded: ComponentType<P> | undefined;
  const loader = () =>
    (pending ??= withTimeout(load(), timeoutMs).then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        pending = undefined;
        throw toChunkLoadError(error);
      },
    ));
  const Lazy = lazy(loader);
  function Page(props: P & object) {
    return createElement((loaded ?? Lazy) as ComponentType<P & object>, props);
  }
  return Object.assign(Page, { preload: () => loader().catch(() => undefined) }) as unknown as LazyPage<P>;
}
