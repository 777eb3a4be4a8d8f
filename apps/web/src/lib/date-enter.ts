/**
 * Enter inside a date or time picker confirms the date typed there; it must not also submit the form around it
 * (the browser's implicit submission of a form on Enter in one of its inputs). The picker handles the key first
 * (React's listener sits on the root, below the document); this listener, on the document in the bubbling phase,
 * then cancels the submission. Installed once for every form of the app.
 */
export function keepEnterInPickers(doc: Document = document): () => void {
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Enter' || !(e.target instanceof Element)) return;
    if (e.target.closest('.ant-picker') && e.target.closest('form')) e.preventDefault();
  };
  doc.addEventListener('keydown', onKeyDown);
  return () => doc.removeEventListener('keydown', onKeyDown);
}
