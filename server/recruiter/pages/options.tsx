/** The `<option>`s of a choice declared as data (statuses, flag filters). */
export function Options({ options }: { options: readonly { readonly value: string; readonly label: string }[] }) {
  return (
    <>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </>
  );
}
