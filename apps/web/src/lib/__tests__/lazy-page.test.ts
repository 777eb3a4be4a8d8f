import { describe, expect, it, vi } from 'vitest';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  ChunkLoadError,
  CSS_CHUNK_LOAD_FAILED,
  isChunkLoadError,
  toChunkLoadError,
  withTimeout,
} from '../lazy-page';

describe('screen-group loading', () => {
  it('names every browser wording of a failed chunk ChunkLoadError, and a failed style chunk CSS_CHUNK_LOAD_FAILED', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: http://x/assets/a.js',
      'error loading dynamically imported module',
      'Importing a module script failed.',
    ]) {
      expect(toChunkLoadError(new TypeError(message))).toMatchObject({ name: 'ChunkLoadError' });
    }
    const css = toChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'));
    expect(css).toBeInstanceOf(ChunkLoadError);
    expect((css as ChunkLoadError).code).toBe(CSS_CHUNK_LOAD_FAILED);
    expect(isChunkLoadError(Object.assign(new Error('x'), { code: 'CSS_CHUNK_LOAD_FAILED' }))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('gives up on a chunk after 120000 ms', async () => {
    vi.useFakeTimers();
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    const pending = withTimeout(new Promise(() => undefined), CHUNK_LOAD_TIMEOUT_MS);
    const assertion = expect(pending).rejects.toBeInstanceOf(ChunkLoadError);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS);
    await assertion;
    vi.useRealTimers();
  });
});
