"""The reader's lexicon (stock_agent/answers/lexicon.txt) is data a person edits: its
sections are the roles the reader knows, each role is there, and every phrase is one the
reader can match (written as it compares text, one section each)."""

import unittest

from stock_agent.answers import words
from stock_agent.answers.question import normal

# The roles words.read and reader.claims act on, as lexicon.txt names its sections.
ROLES = {"fill", "fill:also", "be", "be:status", "be:it", "modal", "others", "all", "neg:all",
         "neg:done",
         "done", "done:past", "vague",
         "field:stock", "field:target", "field:order", "field:order:act", "field:total",
         "field:more",
         "field:quantity", "ratio", "unit", "count", "verdict:below", "verdict:low",
         "verdict:above", "verdict:at", "verdict:reached", "verdict:out", "verdict:out:none",
         "verdict:instock",
         "verdict:found", "verdict:missing", "neg", "placed", "placed:done", "answer:yes",
         "answer:ack", "list:nomatch",
         "list:nonelow", "rehearsed", "approved", "ranked", "readonly", "unplaced", "to", "so",
         "looked", "because", "each", "be:all", "be:has", "be:they", "be:with",
         "inventory", "offer", "compare:more", "compare:less", "compare:than",
         "compare:ahead", "compare:behind", "able", "largest",
         # verdicts worded with their target or gap, which claims() binds a number by
         "verdict:below:target", "verdict:below:goal", "verdict:above:target",
         "verdict:above:goal", "verdict:above:gap", "verdict:at:goal", "verdict:reached:goal",
         "verdict:below:gap"}


class LexiconFileTest(unittest.TestCase):

    def test_its_sections_are_the_roles_the_reader_knows_each_once(self):
        names = [role for role, _ in words._sections()]
        self.assertEqual(sorted(names), sorted(ROLES))

    def test_every_phrase_is_one_the_reader_can_match_and_is_listed_once(self):
        where = {}
        for role, phrases in words._sections():
            for phrase in phrases:
                with self.subTest(role=role, phrase=phrase):
                    tokens = tuple(words._tokens(phrase))
                    self.assertTrue(tokens)
                    self.assertNotIn("|", phrase)  # a separator without its spaces
                    self.assertEqual(phrase, phrase.strip())
                    self.assertEqual(phrase, normal(phrase))  # sentences are read normal
                    self.assertIsNone(where.get(tokens), "listed in that section too")
                    where[tokens] = role


if __name__ == "__main__":
    unittest.main()
