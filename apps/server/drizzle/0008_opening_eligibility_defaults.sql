-- Eligibility gained two rules (group-only, verified education only): give every stored opening their "off" values,
-- so the stored rules always have the contract's complete shape.
UPDATE "openings"
SET "eligibility" = '{"groupIds": [], "verifiedEducationOnly": false}'::jsonb || "eligibility"
WHERE NOT ("eligibility" ? 'groupIds') OR NOT ("eligibility" ? 'verifiedEducationOnly');
