import { type PointerEvent, type Ref, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import { Button } from './button';
import { inputClass } from './field';

export type SignaturePadHandle = {
  /** True when nothing was drawn or typed since the last clear. */
  isEmpty: () => boolean;
  /** The drawing as a PNG data URL, at the canvas's own resolution. */
  toPng: () => string;
  clear: () => void;
};

type Props = {
  /** Drawing resolution; the canvas is shown scaled to its container's width, keeping the ratio. */
  width: number;
  height: number;
  /** Accessible name of the drawing area. */
  label: string;
  /** Told after every stroke, typed signature and clear, with whether the pad now holds a signature. */
  onChange?: (hasInk: boolean) => void;
  ref?: Ref<SignaturePadHandle>;
};

const PEN = '#0b1e33';
const TYPED_FONT = '"Segoe Script", "Brush Script MT", "Lucida Handwriting", "URW Chancery L", cursive';

/** A white background, so the PNG reads well anywhere. */
function paintBlank(canvas: HTMLCanvasElement | null) {
  const ctx = canvas?.getContext('2d');
  if (!canvas || !ctx) return;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
}

/**
 * A signature pad: a canvas drawn with pointer events (mouse, pen, touch), with Clear and, for keyboard
 * users, "Type your name to sign", which writes the typed name onto the same canvas. The canvas keeps its
 * own resolution (e.g. 1285 by 100) and is shown scaled to its container, so each pointer position is
 * mapped from CSS pixels into canvas pixels.
 */
export function SignaturePad({ width, height, label, onChange, ref }: Props) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const inkRef = useRef(false);
  const [typed, setTyped] = useState('');
  const typedId = useId();

  const setInk = (hasInk: boolean) => {
    inkRef.current = hasInk;
    onChange?.(hasInk);
  };

  const context = () => canvasRef.current?.getContext('2d') ?? null;

  useEffect(() => paintBlank(canvasRef.current), []);

  const toCanvas = (event: PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return {
      x: ((event.clientX - rect.left) * width) / rect.width,
      y: ((event.clientY - rect.top) * height) / rect.height,
    };
  };

  const stroke = (to: { x: number; y: number }) => {
    const ctx = context();
    const from = last.current;
    if (!ctx || !from) return;
    ctx.strokeStyle = PEN;
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.beginPath();
    ctx.moveTo(from.x, from.y);
    ctx.lineTo(to.x, to.y);
    ctx.stroke();
    last.current = to;
  };

  const clear = () => {
    paintBlank(canvasRef.current);
    setInk(false);
  };

  useImperativeHandle(ref, () => ({
    isEmpty: () => !inkRef.current,
    toPng: () => canvasRef.current?.toDataURL('image/png') ?? '',
    clear,
  }));

  const signTyped = () => {
    const name = typed.trim();
    const ctx = context();
    if (!name || !ctx) return;
    paintBlank(canvasRef.current);
    let size = Math.round(height * 0.6);
    ctx.font = `italic ${size}px ${TYPED_FONT}`;
    while (size > 12 && ctx.measureText(name).width > width - 48) {
      size -= 2;
      ctx.font = `italic ${size}px ${TYPED_FONT}`;
    }
    ctx.fillStyle = PEN;
    ctx.textBaseline = 'middle';
    ctx.fillText(name, 24, height / 2);
    setInk(true);
  };

  return (
    <div className="space-y-3">
      <div className="overflow-hidden rounded-lg border-2 border-dashed border-slate-300 bg-white">
        <canvas
          ref={canvasRef}
          width={width}
          height={height}
          role="img"
          aria-label={label}
          className="block h-auto w-full touch-none cursor-crosshair"
          onPointerDown={(event) => {
            event.currentTarget.setPointerCapture(event.pointerId);
            last.current = toCanvas(event);
            // A tap leaves a dot.
            stroke({ x: last.current.x + 0.1, y: last.current.y });
          }}
          onPointerMove={(event) => {
            if (last.current) stroke(toCanvas(event));
          }}
          onPointerUp={() => {
            if (!last.current) return;
            last.current = null;
            setInk(true);
          }}
          onPointerCancel={() => {
            last.current = null;
          }}
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-slate-500">Sign inside the box.</p>
        <Button variant="secondary" onClick={clear}>
          Clear signature
        </Button>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-48 flex-1">
          <label htmlFor={typedId} className="mb-1 block text-sm font-medium text-slate-700">
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
