import { useEffect, useRef } from 'react';

/** What the hook needs of an infinite query (TanStack Query's useInfiniteQuery result has all of it). */
type Pages = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
};

/**
 * Infinite scroll: the returned ref goes on an element after the list; when it comes near the viewport the
 * next page loads. After a failed page it stops asking by itself (it would ask again and again while the end
 * is in view): the list's Load more button is the retry, and the keyboard's way.
 */
export function useLoadMore(pages: Pages) {
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = pages;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || isFetchNextPageError) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '200px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  return sentinel;
}
