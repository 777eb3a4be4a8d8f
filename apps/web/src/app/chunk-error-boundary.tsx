import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError } from '../lib/lazy-page';

/**
 * A text of the fallback, in the current language. Not react-i18next's `Trans`: the boundary is in the entry, and
 * `Trans` would bring its markup parser to the sign-in screen (about 2 KB gzip) for texts without markup.
 */
function Text({ k }: { k: string }) {
  const { t } = useTranslation();
  return t(k);
}

interface Props {
  children: ReactNode;
  /** Changing it clears a caught error (the next navigation tries again). */
  resetKey?: string;
}
interface State {
  error: unknown;
  resetKey?: string;
}

/**
 * A screen group that failed to load (ChunkLoadError, or a style chunk: CSS_CHUNK_LOAD_FAILED) offers a
 * reload instead of a blank page; any other crash says so and offers the same way out. Plain markup: antd may
 * be the chunk that failed.
 */
export class ChunkErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const chunk = isChunkLoadError(error);
    return (
      <div className="fd-fallback" role="alert">
        <h2>
          <Text k={chunk ? 'common:errors.chunkTitle' : 'common:errors.crashTitle'} />
        </h2>
        <p>
          <Text k={chunk ? 'common:errors.chunkText' : 'common:errors.crashText'} />
        </p>
        <button type="button" className="fd-button fd-button-primary" onClick={() => window.location.reload()}>
          <Text k="common:actions.reload" />
        </button>
      </div>
    );
  }
}
