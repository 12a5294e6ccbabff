"""The rule catalogue: one id for every rule of both rule sheets.

Hints cite these ids as their reasons, lessons map to them, and tests check
that every rule the tutor plays is taught somewhere. Ids are stable strings
``<area>.<name>``; the area is ``cards`` (shared by every game),
``solitaire``, ``classic`` or ``house`` (classic house rules).

>>> rule("cards.left-bower").title
'The left bower'
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["RULES", "Rule", "rule", "rules_in"]


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule sentence, with a short title for headings and its sheet."""

    id: str
    title: str
    text: str

    @property
    def area(self) -> str:
        return self.id.split(".", 1)[0]


_RULES: tuple[Rule, ...] = (
    # Cards: shared by every game.
    Rule("cards.deck", "The deck", "Euchre uses 24 cards: 9, 10, J, Q, K and A of each suit."),
    Rule(
        "cards.trump-order",
        "The trump order",
        "Trumps rank, high to low: right bower, left bower, A, K, Q, 10, 9.",
    ),
    Rule("cards.right-bower", "The right bower", "The jack of the trump suit is the highest trump."),
    Rule(
        "cards.left-bower",
        "The left bower",
        "The other jack of the same colour as trump is the second-highest trump "
        "(clubs and spades are black, diamonds and hearts red).",
    ),
    Rule(
        "cards.left-bower-is-trump",
        "The left bower belongs to trump",
        "The left bower is a trump for every purpose: following suit, leading and "
        "the deck's follows-or-trumps test. It is no longer a card of its printed suit.",
    ),
    Rule("cards.plain-order", "Plain suits", "A non-trump suit ranks A, K, Q, J, 10, 9."),
    Rule(
        "cards.trick-winner",
        "Who wins a trick",
        "The highest trump wins the trick; with no trump in it, the highest card of the led suit.",
    ),
    Rule(
        "cards.follow-suit",
        "Follow suit",
        "You must follow the led suit if you can (the left bower counts as trump); "
        "otherwise you may play any card.",
    ),
    # Euchre Solitaire.
    Rule(
        "solitaire.deal",
        "The Solitaire deal",
        "The player gets 5 cards; the next card is turned face up on the remaining 18, the stock.",
    ),
    Rule(
        "solitaire.order-up",
        "Ordering up",
        "Ordering up makes the turn card's suit trump; the turn card goes face down on top "
        "of the stock, so it is the deck's first card and the player knows it.",
    ),
    Rule(
        "solitaire.name-trump",
        "Naming trump",
        "Naming one of the three other suits makes it trump; the turn card goes to the "
        "bottom of the stock (known, and usually never reached).",
    ),
    Rule(
        "solitaire.name-turned",
        "Naming the turned suit (option)",
        "With this option the player may also name the turned suit, which keeps the "
        "turn card at the bottom of the stock.",
    ),
    Rule(
        "solitaire.alone",
        "Going alone",
        "With either choice the player may go alone: 5 tricks score 4, anything less gives the deck 4.",
    ),
    Rule("solitaire.first-lead", "The first lead", "The player leads the first trick."),
    Rule(
        "solitaire.burn",
        "The deck burns cards",
        "When the player leads, the deck turns cards from the top until one follows the "
        "led suit or is trump; that card is its play. The cards turned before it are "
        "burned: out of play for the rest of the deal, shown to the player.",
    ),
    Rule(
        "solitaire.stock-out",
        "The stock runs out",
        "If the stock runs out before the deck finds a card to play, the player wins "
        "this trick and every remaining trick.",
    ),
    Rule(
        "solitaire.winner-leads",
        "The winner leads",
        "The winner of a trick leads the next. The deck leads by turning its top card.",
    ),
    Rule(
        "solitaire.empty-stock-lead",
        "The deck cannot lead",
        "If the stock is empty when the deck must lead, the player wins every remaining trick.",
    ),
    Rule(
        "solitaire.follow-deck",
        "Following the deck's lead",
        "When the deck leads, the player must follow its suit if able (the left bower "
        "counts as trump); otherwise any card may be played.",
    ),
    Rule(
        "solitaire.deck-never-chooses",
        "The deck never chooses",
        "The deck's play is always the first eligible card it turns, not the best one.",
    ),
    Rule("solitaire.score-point", "Making it", "Not alone, 3 or 4 tricks score the player 1 point."),
    Rule("solitaire.score-march", "A march", "Not alone, all 5 tricks (a march) score the player 2."),
    Rule("solitaire.score-euchre", "Euchred", "Not alone, 0 to 2 tricks score the deck 2 points."),
    Rule(
        "solitaire.score-alone",
        "Alone",
        "Alone, 5 tricks score the player 4; anything less scores the deck 4.",
    ),
    Rule(
        "solitaire.game",
        "The game",
        "Deals repeat until the player or the deck reaches the target (10 points); that side wins.",
    ),
    # Euchre Solitaire: what the advisor's reasons cite beyond the rule sheet.
    Rule(
        "solitaire.advice-exact",
        "Exact values",
        "Everything but the order of the unseen cards is public, so each choice's expected "
        "points, P(3+ tricks) and P(5 tricks) under best play afterwards can be computed exactly.",
    ),
    Rule(
        "solitaire.advice-burn-odds",
        "What a lead makes the deck do",
        "With q cards that stop the deck among n unseen cards in random order, the deck burns "
        "(n - q)/(q + 1) cards on average; its play is equally likely to be any of the q.",
    ),
    Rule(
        "solitaire.advice-cards-gone",
        "Cards already gone",
        "Burned and played cards are out for the rest of the deal: what beat your card may be gone.",
    ),
    Rule(
        "solitaire.advice-contrast",
        "Why the best choice is better",
        "Comparing two choices by their exact expected points and chances shows what the better one gains.",
    ),
    Rule(
        "solitaire.advice-game",
        "Playing for the game",
        "Near the end of a game, the chance to win the game can favour a choice with fewer expected points.",
    ),
    # Classic Euchre: the base game.
    Rule(
        "classic.partnerships",
        "Partnerships",
        "Four players; partners sit across: North-South against East-West.",
    ),
    Rule(
        "classic.deal",
        "The classic deal",
        "Five cards each; the other four are the kitty, with its top card turned up.",
    ),
    Rule(
        "classic.round-1",
        "Bidding round 1",
        "From the dealer's left, each player passes or orders up the up card's suit as trump.",
    ),
    Rule(
        "classic.dealer-pickup",
        "The dealer picks up",
        "If anyone orders up, the dealer adds the up card to the hand and discards one card face down.",
    ),
    Rule(
        "classic.round-2",
        "Bidding round 2",
        "If all pass, the up card is turned down; from the dealer's left, each player "
        "passes or names one of the other three suits.",
    ),
    Rule("classic.redeal", "All pass twice", "If all pass in both rounds, the next dealer deals again."),
    Rule(
        "classic.alone",
        "Going alone",
        "The player who makes trump may go alone: the partner sits the hand out.",
    ),
    Rule(
        "classic.opening-lead",
        "The opening lead",
        "The player on the dealer's left leads the first trick (skipping a player who sits out).",
    ),
    Rule("classic.winner-leads", "The winner leads", "The winner of a trick leads the next."),
    Rule("classic.score-point", "Making it", "The makers take 3 or 4 tricks: 1 point."),
    Rule("classic.score-march", "A march", "The makers take all 5 tricks: 2 points."),
    Rule("classic.score-alone-march", "An alone march", "A lone maker takes all 5 tricks: 4 points."),
    Rule("classic.score-euchre", "Euchred", "The makers take 0 to 2 tricks: the defenders score 2."),
    Rule("classic.game", "The game", "The first partnership to 10 points wins."),
    Rule(
        "classic.draw-for-deal",
        "Drawing for partners and the deal",
        "Before a match each player draws a card; King ranks high, then Queen, Jack, 10, 9, 8, 7, and Ace "
        "low. The two highest partner the two lowest, and the lowest deals first.",
    ),
    Rule(
        "classic.cut", "The cut", "Before each deal the player at the dealer's right cuts the shuffled pack."
    ),
    Rule(
        "classic.score-four-six",
        "Keeping score with a 4 and a 6",
        "Each side keeps its score on a 4 and a 6 of one suit, one card laid over the other so that the "
        "pips in sight add up to the score; more pips are uncovered as the score rises.",
    ),
    Rule(
        "classic.discard",
        "The dealer's discard",
        "The dealer who picks up the up card discards any one of the six cards face down "
        "(under some rules, OpenSpiel's among them, not the up card itself).",
    ),
    Rule(
        "classic.follow-left-bower",
        "The left bower follows trump",
        "The left bower follows a trump lead and never the suit printed on it; "
        "when its printed suit is led, it does not count as that suit.",
    ),
    Rule(
        "classic.sitter-skipped",
        "A player sitting out is skipped",
        "When the maker goes alone the partner sits out: that seat is skipped in play, "
        "and a trick has three cards.",
    ),
    Rule(
        "classic.lone-defender",
        "Defending alone",
        "Under this option, after the maker decides, each defender in turn from the dealer's left "
        "may defend alone (the partner sits out); a lone defender's euchre scores 4.",
    ),
    Rule(
        "classic.stick-the-dealer",
        "Stick the dealer",
        "Under this option the dealer may not pass in round 2 and must name one of the other suits. "
        "When the dealer bids first, the last bidder (the seat on the dealer's right) is stuck instead.",
    ),
    # Classic Euchre for three and six players (ClassicRules.players; see euchre_tutor/games/classic/rules.py).
    Rule(
        "classic.three-handed",
        "Three players",
        "Three players, each for themselves: five cards each, the up card and eight cards in the kitty. "
        "The maker plays alone against the other two, who play together for that hand.",
    ),
    Rule(
        "classic.three-handed-march",
        "A three-handed march",
        "At three players the maker who takes all 5 tricks scores 3.",
    ),
    Rule(
        "classic.euchre-each-opponent",
        "Euchred by several opponents",
        "At three players, and at six in three teams, every player or team against the makers scores "
        "2 for a euchre.",
    ),
    Rule(
        "classic.six-handed",
        "Six players",
        "Six players with the 32-card deck (7 to A): five cards each, the up card and one card in the "
        "kitty. Two teams of three sit alternately (3v3), or three teams of two sit opposite (2v2v2). "
        "A loner's partners all sit out.",
    ),
    # Classic Euchre: how the advisor reasons (its hints cite these).
    Rule(
        "classic.advice-sampled",
        "Sampled deals",
        "The hidden hands are unknown, so each choice is tried in many deals that fit everything seen "
        "(cards, bids, voids) and its points are averaged; bids are valued by playing those deals out.",
    ),
    Rule(
        "classic.advice-trump-count",
        "Counting trumps",
        "Seven cards are trumps (the five of the suit and the left bower, with the joker eight): "
        "those you hold and those played tell how many are still out.",
    ),
    Rule(
        "classic.advice-partner",
        "What partner's bids show",
        "A pass in round 1 makes a strong hand in the up card's suit less likely; an order or a call "
        "makes it more likely.",
    ),
    Rule(
        "classic.advice-contrast",
        "Why the best choice is better",
        "Comparing two choices by their average points over the same sampled deals shows what the "
        "better one gains, within the sampling error.",
    ),
    Rule(
        "classic.advice-plan",
        "The plan behind a bid",
        "A bid is worth what follows it: a pass may wait for a better call in round 2, an order rests on "
        "the trumps and off aces that carry it, and going alone on cards that need no partner.",
    ),
    Rule(
        "classic.advice-game",
        "Playing for the match",
        "Near the end of a match, the chance to win the match can favour a choice with fewer expected points.",
    ),
    # Classic house rules (options of ClassicRules; see euchre_tutor/games/classic/rules.py).
    Rule(
        "house.target",
        "Target or number of hands",
        "Under this option the match is played to 5-25 points instead of 10, or for a fixed number of hands.",
    ),
    Rule(
        "house.stuck-dealer-up-suit",
        "The stuck dealer and the turned-down suit",
        "Under this option a stuck dealer may also name the suit turned down in round 1.",
    ),
    Rule(
        "house.deck-size",
        "Bigger decks",
        "Under this option the pack is 8-A (28 cards) or 7-A (32 cards), the 8 and 7 ranking below the 9, "
        "or, for three players only, 10-A (20 cards); the undealt cards stay in the kitty.",
    ),
    Rule(
        "house.joker",
        "The joker (benny)",
        "Under this option the joker is the highest trump, above the right bower. Turned up, it "
        "proposes spades, or (dealer bids blind) the dealer names trump before looking and picks it up.",
    ),
    Rule(
        "house.dealer-bids-first",
        "The dealer bids first",
        "Under this option each bidding round starts with the dealer; with stick the dealer, the last "
        "bidder must name a suit.",
    ),
    Rule(
        "house.calling-requirement",
        "Calling requirement",
        "Under this option only a player holding a trump (the left bower counts), or a natural trump, "
        "may order up in round 1; the dealer always may.",
    ),
    Rule(
        "house.canadian-loner",
        "Canadian loner",
        "Under this option the dealer's partner may only pass or order up alone in round 1.",
    ),
    Rule(
        "house.no-trump",
        "No-trump bids",
        "Under this option a round-2 bid may be no trump: high (ace high) or low (the lowest card of the "
        "led suit wins); the jacks are plain cards.",
    ),
    Rule(
        "house.partner-alone-exchange",
        "No exchange for a sitting dealer",
        "Under this option, when the dealer's partner orders up alone, the dealer does not pick up.",
    ),
    Rule(
        "house.call-for-best",
        "Call for best",
        "Under this option a loner's partner passes one card to the loner, who then discards one "
        "(not at six players in two teams of three).",
    ),
    Rule(
        "house.alone-lead",
        "The lead against a loner",
        "Under this option the defender on the loner's left leads the first trick.",
    ),
    Rule(
        "house.alone-must-take-5",
        "Alone must take 5",
        "Under this option a loner who takes only 3 or 4 tricks is euchred.",
    ),
    Rule(
        "house.alone-march-points",
        "What a lone march is worth",
        "Under this option a loner's march scores a different number of points (alone worth 2: 2).",
    ),
    Rule(
        "house.defend-alone",
        "Defending alone against a loner",
        "Under this option a defender may defend alone only against a lone maker.",
    ),
    Rule(
        "house.take-4-for-1",
        "Take 4 for 1",
        "Under this option the makers need 4 tricks for a point; 3 tricks are a euchre (or, by choice, "
        "score nothing).",
    ),
    Rule(
        "house.defenders-march",
        "Defenders take all five",
        "Under this option defenders who take all five tricks score 4.",
    ),
    Rule(
        "house.misdeal",
        "Misdeal hands",
        "Under this option a player dealt 'ace, no face' (exactly one ace and four cards below the jack; "
        "by choice, one or more aces) or 'no ace, no face' (five cards below the jack) may throw the hand "
        "in before bidding; the same dealer deals again.",
    ),
    Rule(
        "house.farmers-hand",
        "Farmer's hand (going under)",
        "Under this option a player holding three or more of the deck's lowest cards (9s and 10s; 8s and "
        "9s with 8-A; 7s and 8s with 7-A; 10s with 10-A) may swap three of them for the hidden kitty cards "
        "before bidding.",
    ),
    Rule(
        "house.trump-lead",
        "Trump-lead restriction",
        "Under this option trump may not be led to the first trick, or until trump is broken (a trump "
        "played to a non-trump lead in an earlier trick), unless the leader holds only trumps.",
    ),
    Rule(
        "house.no-alone",
        "No alone",
        "Under this option nobody may go alone: alone bids are not offered and the alone options are off.",
    ),
)

RULES: dict[str, Rule] = {r.id: r for r in _RULES}


def rule(rule_id: str) -> Rule:
    """Look a rule up by id; unknown ids are a programming error, so KeyError names them."""
    try:
        return RULES[rule_id]
    except KeyError:
        raise KeyError(f"no rule {rule_id!r} in the catalogue") from None


def rules_in(area: str) -> tuple[Rule, ...]:
    return tuple(r for r in _RULES if r.area == area)
