import { useSearchParams } from 'react-router';

/** A click on a user in the table narrows the list to that user (the `userId` filter in the URL). */
export function useFilterByUser() {
  const [, setSearch] = useSearchParams();
  return (userId: number | null) => {
    if (userId === null) return;
    setSearch((current) => {
      const next = new URLSearchParams(current);
      next.set('userId', String(userId));
      next.delete('pageNum');
      return next;
    });
  };
}
