

def test_a_drawn_cut_stays_and_a_bad_cut_is_refused():
    """"a withdrawal ... changes nothing" of a bracket drawn: once the knockout's first
    round is stored its players are the cut; a cut under two is refused in words."""
    served = parse({"format": "swiss_knockout", "rounds": 1, "cut": 2})
    entries = [{"account_id": pid, "rating": 1500, "joined_round": 1, "status": "registered",
                "club": None, "bye_round": None} for pid in "abcd"]
    rows = [{"round": 1, "table_no": n, "player_a": a, "player_b": b, "match_id": None,
             "result": {"winner": a, "vp_a": 5, "vp_b": vp, "how": "played"}}
            for n, (a, b, vp) in enumerate([("a", "b", 0), ("c", "d", 1)], start=1)]
    assert cut_seeds(served, players(entries), rows) == ["a", "c"]  # (a: +5, c: +4)
    [final] = rows_to.next_tables(served, entries, rows, 2, checked_in_only=False)
    assert (final["player_a"], final["player_b"]) == ("a", "c")
    rows.append({"round": 2, "table_no": 1, **final, "match_id": "m"})
    entries[2]["status"] = "withdrawn"  # c leaves during the final: still the cut
    assert cut_seeds(served, players(entries), rows) == ["a", "c"]
    assert rows_to.total_rounds(served, entries, rows) == 2
    with pytest.raises(ProtocolError) as refused:
        parse({"format": "swiss_knockout", "cut": 1})
    assert refused.value.code == "invalid_event" and "cut" in refused.value.message
