import type { ReactNode } from "react";

/** The card every auth screen sits in: heading, lead, then the form and links. */
export function AuthCard({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    <div className="w-full max-w-md rounded-2xl border border-border bg-surface p-6 shadow-sm sm:p-8">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p className="mt-2 text-sm text-muted-foreground">{lead}</p>
      <div className="mt-6">{children}</div>
    </div>
  );
}
