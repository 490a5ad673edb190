-- The sealer (apps/server/src/audit/audit-seal.ts) runs in the server, as the serving role, and must
-- read the whole chain — every practice's entries — to check each link before it seals it; row-level
-- security shows that role one practice's entries at a time. This view, run as its owner, gives it
-- the chain read-only. Audit entries hold ids, never record content (docs/decisions/0029 and 0030).
CREATE VIEW audit_chain_for_sealing AS
  SELECT sequence, id, occurred_at, actor_user_id, practice_id, record_type, record_id, patient_id, action, request_id,
         source_address, detail, prev_hash, hash
  FROM audit_entry;
REVOKE ALL ON audit_chain_for_sealing FROM wellspring_app;
GRANT SELECT ON audit_chain_for_sealing TO wellspring_app;
