import { useEffect, useId, useState } from 'react';
import { themeColor } from '../../lib/theme';
import { type SiteVideo, toVtt } from './videos';

/**
 * A poster drawn as SVG (navy card with the title), so nothing is fetched before the member presses play. An
 * image does not see the page's CSS variables or fonts: the token colours are read and written in.
 */
function poster(title: string): string {
  const safe = title.replace(/[<>&"']/g, '');
  const [navy, gold, white] = [themeColor('navy-800'), themeColor('primary'), themeColor('white')];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 960 540"><rect width="960" height="540" fill="${navy}"/><circle cx="480" cy="230" r="56" fill="${gold}"/><path d="M462 200v60l50-30z" fill="${navy}"/><text x="480" y="350" font-family="system-ui,sans-serif" font-size="40" font-weight="700" fill="${white}" text-anchor="middle">${safe}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The captions live in videos.ts; a blob URL turns them into a track without another file to keep in sync. */
function useCaptionUrl(video: SiteVideo): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    const next = URL.createObjectURL(new Blob([toVtt(video)], { type: 'text/vtt' }));
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [video]);
  return url;
}

type Props = { video: SiteVideo; autoPlay?: boolean; showSummary?: boolean };

/** A local, silent explainer clip with captions and (by default) a visible list of what it shows. */
export function VideoPlayer({ video, autoPlay = false, showSummary = true }: Props) {
  const captions = useCaptionUrl(video);
  const summaryId = useId();
  return (
    <figure className="overflow-hidden rounded-2xl bg-navy-900 shadow-lg ring-1 ring-navy-900/5">
      <video
        className="aspect-video w-full bg-navy-800"
        controls
        preload="none"
        playsInline
        autoPlay={autoPlay}
        poster={poster(video.title)}
        aria-label={video.title}
        aria-describedby={showSummary ? summaryId : undefined}
      >
        <source src={video.src} type="video/mp4" />
        <track kind="captions" srcLang="en" label="English" src={captions} default />
      </video>
      {showSummary && (
        <figcaption id={summaryId} className="bg-surface p-4 text-sm text-ink-muted">
          <p className="font-semibold text-ink">{video.title}</p>
          <p className="sr-only">This video has no sound. It shows these title cards:</p>
          <ol className="mt-2 space-y-1">
            {video.scenes.map((s, i) => (
              <li key={s.title} className="flex gap-2">
                <span className="font-semibold text-accent-text" aria-hidden="true">
                  {i + 1}.
                </span>
                <span>
                  <span className="font-medium text-ink">{s.title}</span> — {s.text}
                </span>
              </li>
            ))}
          </ol>
        </figcaption>
      )}
    </figure>
  );
}
