const qualificationCriteria = [
  'At least 21 years old.',
  'No DUI within 10 years for CDL-A holders.',
  'At most 1 preventable accident in 2 years and no major accident in 5 years.',
  'At most 2 moving violations in 2 years.',
  'Able to pass a DOT physical and a drug test.',
  'Good knowledge of pre-trip and post-trip inspection and of electronic logs.',
  'Fluent English: able to read, write and interpret traffic signs.',
];

export function RequirementsScreen() {
  return (
    <>
      <p>To be considered for a driving position, you must meet these qualification criteria:</p>
      <ul className="list list--bullet">
        {qualificationCriteria.map((criterion) => (
          <li key={criterion}>{criterion}</li>
        ))}
      </ul>
    </>
  );
}
