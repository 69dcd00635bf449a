/** StarRating draws five stars filled as the server computed them (shared.StarFill: a fraction above 30% partly filled). */
export function StarRating({ stars, average }: { stars: number[]; average: number }) {
  return (
    <span className="stars" role="img" aria-label={`Rated ${average.toFixed(1)} out of 5`}>
      {stars.map((fill, i) => (
        <span key={i} className="stars__star" aria-hidden="true">
          <span className="stars__fill" style={{ width: `${Math.round(fill * 100)}%` }}>
            ★
          </span>
          ☆
        </span>
      ))}
    </span>
  );
}
