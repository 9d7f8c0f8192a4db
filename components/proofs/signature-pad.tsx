"use client";
// A signature drawn with a finger (or a mouse): a canvas and pointer events, no library (a library
// would add smoothing we do not need to a form signed once per job). Each stroke ends by handing the
// drawing over as a PNG; Clear starts again.
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";

type Props = { label: string; onChange: (png: Blob | null) => void };

export function SignaturePad({ label, onChange }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [signed, setSigned] = useState(false);

  useEffect(() => {
    // Draw at the screen's pixel density, so the line is sharp on a phone.
    const element = canvas.current;
    const context = element?.getContext("2d");
    if (!element || !context) return;
    const ratio = window.devicePixelRatio || 1;
    element.width = element.clientWidth * ratio;
    element.height = element.clientHeight * ratio;
    context.scale(ratio, ratio);
    context.lineWidth = 2.5;
    context.lineCap = "round";
    context.lineJoin = "round";
    context.strokeStyle = "#0f172a";
  }, []);

  function point(event: React.PointerEvent<HTMLCanvasElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  }

  function start(event: React.PointerEvent<HTMLCanvasElement>) {
    const context = event.currentTarget.getContext("2d");
    if (!context) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drawing.current = true;
    const { x, y } = point(event);
    context.beginPath();
    context.moveTo(x, y);
  }

  function move(event: React.PointerEvent<HTMLCanvasElement>) {
    const context = event.currentTarget.getContext("2d");
    if (!drawing.current || !context) return;
    const { x, y } = point(event);
    context.lineTo(x, y);
    context.stroke();
  }

  function end(event: React.PointerEvent<HTMLCanvasElement>) {
    if (!drawing.current) return;
    drawing.current = false;
    setSigned(true);
    event.currentTarget.toBlob((png) => onChange(png), "image/png");
  }

  function clear() {
    const element = canvas.current;
    element?.getContext("2d")?.clearRect(0, 0, element.width, element.height);
    setSigned(false);
    onChange(null);
  }

  return (
    <div className="space-y-2">
      <canvas
        ref={canvas}
        role="img"
        aria-label={signed ? `${label}: signed` : `${label}: sign here with a finger`}
        data-testid="signature-pad"
        className="h-40 w-full touch-none rounded-md border border-slate-300 bg-white"
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
      />
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm text-slate-700">{signed ? "Signed." : "Sign in the box above."}</span>
        <Button type="button" variant="secondary" size="sm" onClick={clear}>
          Clear signature
        </Button>
      </div>
    </div>
  );
}
