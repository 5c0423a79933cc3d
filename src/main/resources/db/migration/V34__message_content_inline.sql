-- A message's text of up to 2,000 characters travels in the message's own row, written with it in
-- one statement; a longer text stays a row of agent_message_payloads named by content_entry_id.
-- Messages written before keep their payload rows: readers take the text from either place.
ALTER TABLE agent_messages ADD COLUMN content VARCHAR(2000);
