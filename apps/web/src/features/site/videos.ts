/**
 * The site's short explainer videos. They are silent title-card clips shipped in /public/media so the
 * site works offline; the same scene list feeds the caption track and the visible summary, so what the
 * video shows and what a screen reader hears never drift apart.
 * The MP4s are generated from this list (each scene lasts SCENE_SECONDS) with ffmpeg's color + drawtext.
 */
export type Scene = { title: string; text: string };
export type SiteVideo = { src: string; title: string; scenes: Scene[] };

export const SCENE_SECONDS = 3;

export const videos = {
  intro: {
    src: '/media/intro.mp4',
    title: 'Vault in under a minute',
    scenes: [
      { title: 'Open your vault', text: 'Create an account and complete your membership application.' },
      { title: 'Fund with Q', text: 'Add value in Q, the vault dollar: 1 Q = 1 USD.' },
      { title: 'Hold silver and gold', text: 'Convert Q into silver and gold asset tokens.' },
      { title: 'Grow with the community', text: 'Join opportunity pools and manage everything in one place.' },
    ],
  },
  about: {
    src: '/media/about.mp4',
    title: 'Our story',
    scenes: [
      { title: 'A private member association', text: 'Members pool resources and keep control of their wealth.' },
      { title: 'Real assets', text: 'Asset tokens are backed by 0.999 fine silver and gold.' },
      { title: 'Built for the long term', text: 'Asset tokens are held 1 year and 1 day before redemption.' },
    ],
  },
  walletOpening: {
    src: '/media/wallet-opening.mp4',
    title: 'How to open your wallet',
    scenes: [
      { title: 'Sign up', text: 'Create your account and verify your e-mail address.' },
      { title: 'Apply for membership', text: 'Fill in the G.P.A. Level 3 application and sign it.' },
      { title: 'Activate your vault', text: 'Contribute at least the value of 21 silver asset tokens.' },
    ],
  },
  directWire: {
    src: '/media/direct-wire.mp4',
    title: 'Funding with a direct wire',
    scenes: [
      { title: 'Choose Direct Wire', text: 'Pick Direct Wire as your funding method on the dashboard.' },
      { title: 'Send the wire', text: 'Use the bank details and the reference shown to you.' },
      { title: 'Receive your Q', text: 'Once the wire arrives, your Q tokens are credited.' },
    ],
  },
} satisfies Record<string, SiteVideo>;

const stamp = (seconds: number) => `00:${String(seconds).padStart(2, '0')}.000`;

/** WebVTT captions, one cue per scene. */
export function toVtt(video: SiteVideo): string {
  const cues = video.scenes.map(
    (s, i) => `${stamp(i * SCENE_SECONDS)} --> ${stamp((i + 1) * SCENE_SECONDS)}\n${s.title}: ${s.text}`,
  );
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}
