/** A select's empty choice followed by one option per name (categories, subcategories). */
export function NameOptions({ placeholder, names }: { placeholder: string; names: readonly string[] }) {
  return (
    <>
      <option value="">{placeholder}</option>
      {names.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
    </>
  );
}
