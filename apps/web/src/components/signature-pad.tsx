import { Button } from '@vault/ui/button';
import { inputClass, labelClass } from '@vault/ui/field';
import { type PointerEvent, type Ref, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';

export type SignaturePadHandle = {
  /** True when nothing was drawn or typed since the last clear. */
  isEmpty: () => boolean;
  /** The signature as a PNG data URL of exactly `width` by `height` pixels. */
  toPng: () => string;
  clear: () => void;
};

type Props = {
  /**
   * The size of the image the pad hands over (e.g. 1285 by 100). The drawing area on screen keeps this
   * ratio where the page is wide enough, but is never shorter than MIN_HEIGHT_PX, so a phone gets room to sign.
   */
  width: number;
  height: number;
  /** Accessible name of the drawing area. */
  label: string;
  /** Told after every stroke, typed signature and clear, with whether the pad now holds a signature. */
  onChange?: (hasInk: boolean) => void;
  ref?: Ref<SignaturePadHandle>;
};

/** The drawing area's least height on screen (Tailwind's min-h-30 below). */
export const MIN_HEIGHT_PX = 120;
const PEN = '#0b1e33';
const TYPED_FONT = '"Segoe Script", "Brush Script MT", "Lucida Handwriting", "URW Chancery L", cursive';

/**
 * What was signed, in "box units": 1 is the drawing area's height at the time, x runs from 0 to its
 * width ÷ height. Kept as strokes and text rather than pixels, so a resized area (a phone turned) and the
 * exported image are drawn afresh at their own size, sharp and undistorted.
 */
type Point = { x: number; y: number };
type Mark = { kind: 'stroke'; points: Point[] } | { kind: 'text'; text: string; width: number };

/** Pen width in box units: 2.5 CSS pixels in a 120-pixel-high area. */
const LINE = 2.5 / MIN_HEIGHT_PX;

/** Draws the marks at `scale` pixels per box unit, shifted by (dx, dy) pixels, on white. */
function render(ctx: CanvasRenderingContext2D, marks: Mark[], scale: number, dx = 0, dy = 0) {
  const { canvas } = ctx;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.setTransform(scale, 0, 0, scale, dx, dy);
  for (const mark of marks) {
    if (mark.kind === 'stroke') drawStroke(ctx, mark.points);
    else drawText(ctx, mark.text, mark.width);
  }
  ctx.setTransform(1, 0, 0, 1, 0, 0);
}

/** The canvas drawn afresh: one box unit is the canvas's height in pixels. */
function redrawMarks(canvas: HTMLCanvasElement | null, marks: Mark[]) {
  const ctx = canvas?.getContext('2d');
  if (canvas && ctx) render(ctx, marks, canvas.height);
}

function drawStroke(ctx: CanvasRenderingContext2D, points: Point[]) {
  const [first, ...rest] = points;
  if (!first) return;
  ctx.strokeStyle = PEN;
  ctx.fillStyle = PEN;
  ctx.lineWidth = LINE;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  if (rest.length === 0) {
    // A tap leaves a dot.
    ctx.beginPath();
    ctx.arc(first.x, first.y, LINE / 2, 0, 2 * Math.PI);
    ctx.fill();
    return;
  }
  ctx.beginPath();
  ctx.moveTo(first.x, first.y);
  for (const p of rest) ctx.lineTo(p.x, p.y);
  ctx.stroke();
}

/** The typed name, as large as fits the area's width (`width` box units) with a margin. */
function drawText(ctx: CanvasRenderingContext2D, text: string, width: number) {
  const margin = 0.24;
  let size = 0.6;
  ctx.font = `italic ${size}px ${TYPED_FONT}`;
  while (size > 0.15 && ctx.measureText(text).width > width - 2 * margin) {
    size -= 0.02;
    ctx.font = `italic ${size}px ${TYPED_FONT}`;
  }
  ctx.fillStyle = PEN;
  ctx.textBaseline = 'middle';
  ctx.fillText(text, margin, 0.5);
}

/**
 * A signature pad: a canvas drawn with pointer events (mouse, pen, touch), with Clear and, for keyboard
 * users, "Type your name to sign", which writes the typed name into the same area. The area on screen
 * is as wide as its container and at least MIN_HEIGHT_PX high (the export's ratio when that is taller);
 * the canvas matches it pixel for pixel (times the screen's density). `toPng` draws the signature into an
 * image of exactly width by height, the area scaled to that height and centred: the stored image keeps
 * the spec's size whatever screen it was signed on.
 */
export function SignaturePad({ width, height, label, onChange, ref }: Props) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const marks = useRef<Mark[]>([]);
  /** The stroke being drawn, while the pointer is down. */
  const drawing = useRef<Point[] | null>(null);
  /** The area's CSS size, for pointer mapping and the export's proportions. */
  const box = useRef({ width: 0, height: 0 });
  const [typed, setTyped] = useState('');
  const typedId = useId();

  const setInk = (hasInk: boolean) => onChange?.(hasInk);

  const redraw = () => redrawMarks(canvasRef.current, marks.current);

  // The canvas follows the area's size (first layout, window resizes, a phone turned) and is drawn again.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const fit = () => {
      const rect = canvas.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) return;
      box.current = { width: rect.width, height: rect.height };
      const density = window.devicePixelRatio || 1;
      canvas.width = Math.round(rect.width * density);
      canvas.height = Math.round(rect.height * density);
      redrawMarks(canvas, marks.current);
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(canvas);
    return () => observer.disconnect();
  }, []);

  const toUnits = (event: PointerEvent<HTMLCanvasElement>): Point => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: (event.clientX - rect.left) / rect.height, y: (event.clientY - rect.top) / rect.height };
  };

  /** Draws the newest piece of the current stroke only (a full redraw per pointer move would lag). */
  const extend = (to: Point) => {
    const points = drawing.current;
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!points || !canvas || !ctx) return;
    const from = points[points.length - 1];
    points.push(to);
    const scale = canvas.height;
    ctx.setTransform(scale, 0, 0, scale, 0, 0);
    drawStroke(ctx, from ? [from, to] : [to]);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
  };

  const clear = () => {
    marks.current = [];
    drawing.current = null;
    redraw();
    setInk(false);
  };

  useImperativeHandle(ref, () => ({
    isEmpty: () => marks.current.length === 0,
    toPng: () => {
      const out = document.createElement('canvas');
      out.width = width;
      out.height = height;
      const ctx = out.getContext('2d');
      if (!ctx) return '';
      const { width: boxWidth, height: boxHeight } = box.current;
      const ratio = boxHeight > 0 ? boxWidth / boxHeight : width / height;
      // The whole area, as large as fits: its height becomes the image's (or its width, if it is wider).
      const scale = Math.min(height, width / ratio);
      render(ctx, marks.current, scale, (width - ratio * scale) / 2, (height - scale) / 2);
      return out.toDataURL('image/png');
    },
    clear,
  }));

  const signTyped = () => {
    const text = typed.trim();
    const { width: boxWidth, height: boxHeight } = box.current;
    if (!text || boxHeight === 0) return;
    marks.current = [{ kind: 'text', text, width: boxWidth / boxHeight }];
    redraw();
    setInk(true);
  };

  return (
    <div className="space-y-3">
      <div className="overflow-hidden rounded-lg border-2 border-dashed border-line-strong bg-white">
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={label}
          style={{ aspectRatio: `${width} / ${height}` }}
          className="block min-h-30 w-full touch-none cursor-crosshair"
          onPointerDown={(event) => {
            event.currentTarget.setPointerCapture(event.pointerId);
            drawing.current = [];
            marks.current.push({ kind: 'stroke', points: drawing.current });
            extend(toUnits(event));
          }}
          onPointerMove={(event) => {
            if (drawing.current) extend(toUnits(event));
          }}
          onPointerUp={() => {
            if (!drawing.current) return;
            drawing.current = null;
            setInk(true);
          }}
          onPointerCancel={() => {
            drawing.current = null;
          }}
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-ink-subtle">Sign inside the box.</p>
        <Button variant="secondary" onClick={clear}>
          Clear signature
        </Button>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-48 flex-1">
          <label htmlFor={typedId} className={labelClass}>
            Type your name to sign
          </label>
          <input
            id={typedId}
            type="text"
            value={typed}
            maxLength={80}
            autoComplete="name"
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                signTyped();
              }
            }}
            className={inputClass}
          />
        </div>
        <Button variant="secondary" onClick={signTyped} disabled={typed.trim() === ''}>
          Sign with typed name
        </Button>
      </div>
    </div>
  );
}
