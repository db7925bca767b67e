export type KpiCardsProps = { tracked: number; emailFirst: number; followUpsDue: number; dontChase: number };

export function KpiCards({ tracked, emailFirst, followUpsDue, dontChase }: KpiCardsProps) {
  const cards = [
    { label: "Investors tracked", value: tracked, tone: "neutral" },
    { label: "Email first", value: emailFirst, tone: "good" },
    { label: "Follow-ups due", value: followUpsDue, tone: "warn" },
    { label: "Don't chase", value: dontChase, tone: "bad" },
  ];
  return (
    <ul className="kpis" aria-label="Key figures">
      {cards.map((card) => (
        <li key={card.label} className={`kpi kpi-${card.tone}`}>
          <span className="kpi-value">{card.value}</span>
          <span className="kpi-label">{card.label}</span>
        </li>
      ))}
    </ul>
  );
}
